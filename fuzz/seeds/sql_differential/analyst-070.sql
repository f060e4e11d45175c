SELECT region, 'sales' AS source FROM sales UNION ALL SELECT region, 'targets' FROM targets ORDER BY region, source LIMIT 10
