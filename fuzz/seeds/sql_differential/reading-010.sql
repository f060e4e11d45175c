SELECT count(*) FROM incidents WHERE ack_minutes = 99999999999999999999
