package core

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/google/uuid"
)

// Authentication is the hottest path of the API: every request resolves its
// key. A resolved key is kept in process for authCacheTTL, keyed by the
// key's SHA-256, so a warm key costs no database round trip. Whatever can
// withdraw access (revoking a key, removing a member, changing a plan)
// calls invalidateAuth, which drops the organization's entries here and,
// through Redis pub/sub, in every other process; the TTL bounds staleness
// should a message be lost.

// authCacheTTL bounds how long a cached key is trusted without the database.
const authCacheTTL = 10 * time.Second

// authCacheMax bounds the entries kept; past it the cache starts afresh.
const authCacheMax = 50_000

// authInvalidateChannel carries organization ids whose cached keys are void.
const authInvalidateChannel = "bw:auth:invalidate"

type authEntry struct {
	p         Principal
	expiresAt *time.Time
	// lastUsed is the key's last_used_at in Unix nanoseconds; requests
	// racing to refresh it swap it, and one wins.
	lastUsed atomic.Int64
	until    time.Time
}

type authCache struct {
	mu      sync.Mutex
	entries map[string]*authEntry
	once    sync.Once
}

func (c *authCache) get(hash string, now time.Time) (*authEntry, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.entries[hash]
	if !ok || now.After(e.until) {
		return nil, false
	}
	return e, true
}

func (c *authCache) put(hash string, e *authEntry) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.entries == nil || len(c.entries) >= authCacheMax {
		c.entries = map[string]*authEntry{}
	}
	c.entries[hash] = e
}

// dropOrg forgets every cached key of the organization.
func (c *authCache) dropOrg(orgID uuid.UUID) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for h, e := range c.entries {
		if e.p.OrgID == orgID {
			delete(c.entries, h)
		}
	}
}

// listenAuthInvalidations subscribes, once per service, to the
// invalidations other processes publish. It ends when the Redis client
// closes.
func (s *Service) listenAuthInvalidations() {
	s.auth.once.Do(func() {
		if s.Redis == nil {
			return
		}
		sub := s.Redis.Subscribe(context.Background(), authInvalidateChannel)
		// Wait for the confirmation, so that an invalidation published
		// after this process cached a key always reaches it.
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		_, err := sub.Receive(ctx)
		cancel()
		if err != nil && s.Log != nil {
			s.Log.Warn("subscribe to auth invalidations; cached keys live out their TTL", "err", err)
		}
		go func() {
			defer sub.Close()
			for msg := range sub.Channel() {
				if id, err := uuid.Parse(msg.Payload); err == nil {
					s.auth.dropOrg(id)
				}
			}
		}()
	})
}

// invalidateAuth voids the cached keys of the organization in this process
// and, through Redis, in every other. Call it after the change commits.
func (s *Service) invalidateAuth(ctx context.Context, orgID uuid.UUID) {
	s.auth.dropOrg(orgID)
	if s.Redis == nil {
		return
	}
	if err := s.Redis.Publish(ctx, authInvalidateChannel, orgID.String()).Err(); err != nil && s.Log != nil {
		s.Log.Warn("publish auth invalidation; other processes keep their cache until it expires",
			"org_id", orgID, "err", err)
	}
}

// KeyCached reports whether key resolved recently and is still trusted
// from the cache, so authenticating it costs no database round trip.
func (s *Service) KeyCached(key string) bool {
	if !WellFormedAPIKey(key) && !WellFormedSessionToken(key) {
		return false
	}
	_, ok := s.auth.get(HashAPIKey(key), s.Now())
	return ok
}
