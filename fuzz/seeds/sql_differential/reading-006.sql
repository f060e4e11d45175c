SELECT 'a' 'b'
