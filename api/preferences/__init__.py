"""Planning preferences: currency, locale, return rate, FIRE multiplier, horizon, retirement age."""
