package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"sync"
	"syscall"
)

// interrupt stops a run on the first SIGINT or SIGTERM: it cancels the
// run's context and remembers the signal. The signals' default action is
// then restored, so that a second one ends the process at once.
type interrupt struct {
	mu  sync.Mutex
	sig os.Signal
}

// onInterrupt returns a context that the first SIGINT or SIGTERM cancels,
// the interrupt that records it, and a function that stops listening.
func onInterrupt() (context.Context, *interrupt, func()) {
	ctx, cancel := context.WithCancel(context.Background())
	in := &interrupt{}
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		select {
		case s := <-ch:
			in.mu.Lock()
			in.sig = s
			in.mu.Unlock()
			signal.Stop(ch) // the next one takes its default action: the process ends
			cancel()
		case <-done:
		}
	}()
	var once sync.Once
	return ctx, in, func() {
		once.Do(func() {
			signal.Stop(ch)
			close(done)
			cancel()
		})
	}
}

// signal returns the signal received, or nil.
func (in *interrupt) signal() os.Signal {
	in.mu.Lock()
	defer in.mu.Unlock()
	return in.sig
}

// exitCode is the exit code of a run the signal stopped: 128 plus the
// signal's number (130 for SIGINT, 143 for SIGTERM), as a shell reports a
// process a signal ended, so that a scheduler reads it alike whether the
// run stopped itself at the first signal or the second one ended it.
func (in *interrupt) exitCode() int {
	if s, ok := in.signal().(syscall.Signal); ok {
		return exitInterrupted + int(s)
	}
	return exitInterrupted + int(syscall.SIGINT)
}

// name is the signal's name for messages ("SIGTERM").
func (in *interrupt) name() string {
	switch in.signal() {
	case syscall.SIGTERM:
		return "SIGTERM"
	case os.Interrupt:
		return "SIGINT"
	}
	return fmt.Sprint(in.signal())
}
