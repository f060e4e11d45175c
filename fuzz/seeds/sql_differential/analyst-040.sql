SELECT order_id, amount - lag(amount) OVER (PARTITION BY product ORDER BY day, order_id) AS change FROM sales ORDER BY order_id
