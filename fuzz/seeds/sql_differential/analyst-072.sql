SELECT s.product, count(*) AS n FROM sales s FULL OUTER JOIN targets t ON s.region = t.region GROUP BY s.product ORDER BY s.product NULLS FIRST
