SELECT order_id FROM sales WHERE amount > ALL (SELECT target / 100 FROM targets) ORDER BY order_id
