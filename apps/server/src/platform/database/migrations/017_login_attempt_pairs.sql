-- Sign-in throttling counts failures per user name and address pair (and still per address and
-- per user name): modules/accounts/login-rate-limit.ts. Each attempt reads its pair's failures of
-- the last day; this index finds them without walking every failure on a much-attacked account.
CREATE INDEX login_attempt_pair_idx ON login_attempt (user_name, ip, at);
