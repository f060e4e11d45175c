SELECT product, arbitrary(channel) IS NOT NULL AS has_channel FROM sales GROUP BY product ORDER BY product
