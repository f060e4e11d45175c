SELECT team, max(closed_at) FROM incidents WHERE closed_at > TIMESTAMP '2026-02-01 00:00:00' GROUP BY team
