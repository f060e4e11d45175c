SELECT cost NOTNULL FROM incidents
