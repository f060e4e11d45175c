SELECT team, ack_minutes FROM incidents WHERE ack_minutes IS NOT DISTINCT FROM 12 ORDER BY ALL
