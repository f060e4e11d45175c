SELECT ack_minutes + 2147483647 FROM incidents WHERE ack_minutes > 2147483647
