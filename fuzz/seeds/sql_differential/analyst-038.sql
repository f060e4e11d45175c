SELECT order_id, day, sum(amount) OVER (ORDER BY day, order_id ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS running FROM sales ORDER BY day, order_id
