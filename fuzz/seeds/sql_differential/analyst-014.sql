SELECT year(day) AS y, quarter(day) AS q, count(*) AS orders FROM sales GROUP BY y, q ORDER BY y, q
