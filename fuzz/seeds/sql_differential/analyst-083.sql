FROM sales SELECT region, count(*) AS n GROUP BY region ORDER BY region
