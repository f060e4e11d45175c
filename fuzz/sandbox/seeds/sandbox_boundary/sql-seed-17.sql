Here is the SQL:
SELECT count(*) FROM incidents WHERE team ILIKE '%plat%' ESCAPE '\'