SELECT order_id, day FROM sales WHERE day BETWEEN DATE '2025-02-01' AND DATE '2025-02-28' ORDER BY day, order_id
