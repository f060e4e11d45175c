SELECT team::VARCHAR, ack_minutes::DOUBLE FROM incidents
