SELECT order_id, nth_value(amount, 2) OVER (PARTITION BY region ORDER BY day, order_id ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) AS second FROM sales ORDER BY order_id
