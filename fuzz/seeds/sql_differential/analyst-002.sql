SELECT channel, count(DISTINCT product) AS products, count(discount) AS discounted FROM sales GROUP BY channel ORDER BY channel
