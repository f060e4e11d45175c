SELECT order_id, amount::DOUBLE / qty AS unit_price FROM sales WHERE qty > 0 ORDER BY order_id LIMIT 10
