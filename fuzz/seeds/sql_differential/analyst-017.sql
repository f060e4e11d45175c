SELECT coalesce(region, 'unknown') AS region, count(*) AS orders FROM sales GROUP BY 1 ORDER BY 1
