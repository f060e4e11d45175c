SELECT order_id, lead(day, 1) OVER (PARTITION BY region ORDER BY day, order_id) AS next_day FROM sales ORDER BY order_id
