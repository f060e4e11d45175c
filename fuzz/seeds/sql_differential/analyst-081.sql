SELECT region, count(*) AS top FROM sales GROUP BY region ORDER BY region
