SELECT order_id, ntile(4) OVER (ORDER BY amount, order_id) AS quartile, percent_rank() OVER (ORDER BY amount, order_id) AS pr, cume_dist() OVER (ORDER BY amount) AS cd FROM sales ORDER BY order_id
