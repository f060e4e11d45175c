SELECT order_id, amount, avg(amount) OVER (ORDER BY day, order_id ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) AS moving FROM sales ORDER BY order_id
