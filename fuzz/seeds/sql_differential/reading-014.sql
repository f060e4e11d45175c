SELECT i.team, t.region FROM incidents i JOIN teams t ON i.team = t.team WHERE t.region = 'EU'
