SELECT team FROM incidents WHERE team IN ('platform', 'search') ORDER BY team
