SELECT region, string_agg(DISTINCT product, ',' ORDER BY product) AS products FROM sales GROUP BY region ORDER BY region
