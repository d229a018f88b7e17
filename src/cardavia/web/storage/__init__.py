"""What the site keeps: tables and their actions, leases on a shared database, reviews."""
