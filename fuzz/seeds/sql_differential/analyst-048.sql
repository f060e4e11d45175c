SELECT order_id, lag(note, 1) IGNORE NULLS OVER (ORDER BY order_id) AS previous_note FROM sales ORDER BY order_id
