SELECT order_id, amount FROM sales WHERE amount > (SELECT avg(amount) FROM sales) ORDER BY order_id
