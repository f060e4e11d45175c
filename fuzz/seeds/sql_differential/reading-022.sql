SELECT order_id FROM sales WHERE day = '2025-02-04'
