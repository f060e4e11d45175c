SELECT severity, count(*) FROM incidents WHERE opened_at BETWEEN DATE '2026-01-01' AND current_date GROUP BY ALL
