SELECT region, sum(qty) FILTER (WHERE channel = 'online') AS online_units, sum(qty) FILTER (WHERE channel = 'store') AS store_units FROM sales GROUP BY ALL ORDER BY ALL
