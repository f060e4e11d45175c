SELECT product, sum(amount) / nullif(sum(qty), 0) AS price_per_unit FROM sales GROUP BY product ORDER BY product
