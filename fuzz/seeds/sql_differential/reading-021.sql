SELECT order_id FROM sales WHERE qty = 2.0
