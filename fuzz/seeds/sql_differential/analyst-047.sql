SELECT order_id, last_value(discount) IGNORE NULLS OVER (ORDER BY order_id) AS filled FROM sales ORDER BY order_id
