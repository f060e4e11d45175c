SELECT s.service, s.tier, count(i.incident_id) FROM services s LEFT JOIN incidents i ON i.service = s.service GROUP BY ALL ORDER BY ALL
