package batch

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/replay"
)

// ImpliedRake is the rake a run's records imply without stating it (PHH
// has no rake field: its payouts are after rake; see replay.Trace's
// ImpliedRake), in one currency ("chips" for hands in chips): how many
// hands imply one, and their total. It is reported once per run, in the
// summary and the manifest (key implied_rake), and by hand only where it is
// not a plausible rake (pot.implied-rake).
type ImpliedRake struct {
	Hands int64  `json:"hands"`
	Total string `json:"total"` // in the currency's or the chips' own unit: "12.5"
}

// rakeSum adds implied rakes of hands of different scales exactly: in
// minor units of the finest scale seen so far.
type rakeSum struct {
	hands int64
	total hand.Amount
	scale int64
}

func (s *rakeSum) add(a hand.Amount, scale int64) {
	if scale <= 0 {
		scale = 1
	}
	if s.scale == 0 {
		s.scale = scale
	}
	for s.scale < scale && scale%s.scale == 0 {
		s.total *= 10
		s.scale *= 10
	}
	if s.scale%scale == 0 {
		s.total += a * hand.Amount(s.scale/scale)
	}
}

func (s *rakeSum) json() ImpliedRake {
	t := s.total.Format(max(s.scale, 1))
	if strings.Contains(t, ".") {
		t = strings.TrimSuffix(strings.TrimRight(t, "0"), ".")
	}
	return ImpliedRake{Hands: s.hands, Total: t}
}

// parseRakeSum reads an ImpliedRake back (a merge adds the shards' up).
func parseRakeSum(r ImpliedRake) (rakeSum, error) {
	whole, frac, _ := strings.Cut(r.Total, ".")
	v, err := strconv.ParseInt(whole+frac, 10, 64)
	if err != nil {
		return rakeSum{}, fmt.Errorf("implied rake total %q: %w", r.Total, err)
	}
	scale := int64(1)
	for range frac {
		scale *= 10
	}
	return rakeSum{hands: r.Hands, total: hand.Amount(v), scale: scale}, nil
}

// currencyKey names a hand's currency in the implied_rake table.
func currencyKey(c string) string {
	if c == "" {
		return "chips"
	}
	return c
}

// countImpliedRake adds a hand's implied rake, if it has one, to sum.
func countImpliedRake(sum *Summary, h *hand.Hand, tr *replay.Trace) {
	if h == nil || tr == nil || !tr.HasImpliedRake || tr.ImpliedRake <= 0 {
		return
	}
	if sum.impliedRake == nil {
		sum.impliedRake = map[string]*rakeSum{}
	}
	k := currencyKey(h.Currency)
	s := sum.impliedRake[k]
	if s == nil {
		s = &rakeSum{}
		sum.impliedRake[k] = s
	}
	s.hands++
	s.add(tr.ImpliedRake, h.Scale)
}

// ImpliedRake returns the run's implied rake by currency (nil: none).
func (s *Summary) ImpliedRake() map[string]ImpliedRake {
	if len(s.impliedRake) == 0 {
		return nil
	}
	out := make(map[string]ImpliedRake, len(s.impliedRake))
	for k, v := range s.impliedRake {
		out[k] = v.json()
	}
	return out
}

// addImpliedRake adds a table of implied rakes (a shard's) to sum.
func addImpliedRake(sum *Summary, t map[string]ImpliedRake) error {
	for k, r := range t {
		v, err := parseRakeSum(r)
		if err != nil {
			return err
		}
		if sum.impliedRake == nil {
			sum.impliedRake = map[string]*rakeSum{}
		}
		s := sum.impliedRake[k]
		if s == nil {
			s = &rakeSum{}
			sum.impliedRake[k] = s
		}
		s.hands += v.hands
		s.add(v.total, v.scale)
	}
	return nil
}
