SELECT t.region, t.quarter, top.order_id FROM targets t, LATERAL (SELECT order_id FROM sales s WHERE s.region = t.region ORDER BY amount DESC, order_id LIMIT 1) AS top ORDER BY t.region, t.quarter
