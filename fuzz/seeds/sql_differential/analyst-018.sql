SELECT CASE WHEN amount >= 500 THEN 'large' WHEN amount >= 100 THEN 'medium' ELSE 'small' END AS size, count(*) AS orders FROM sales GROUP BY size ORDER BY size
