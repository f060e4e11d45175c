SELECT region, count(*) AS orders FROM sales s WHERE EXISTS (SELECT 1 FROM targets t WHERE t.region = s.region) GROUP BY region ORDER BY region
