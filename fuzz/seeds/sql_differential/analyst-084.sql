SELECT order_id, amount FROM sales ORDER BY amount DESC, order_id LIMIT 5 OFFSET 5
