SELECT cost, cost ISNULL FROM incidents
