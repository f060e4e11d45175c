SELECT region, count_if(channel = 'online') AS online, approx_count_distinct(product) AS products FROM sales GROUP BY region ORDER BY region
