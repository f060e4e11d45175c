SELECT s.order_id, (SELECT max(t.target) FROM targets t WHERE t.region = s.region) AS best_target FROM sales s ORDER BY s.order_id LIMIT 20
