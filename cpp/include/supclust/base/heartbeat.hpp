// Progress inside a long step. A solver whose single iteration (or set-up) takes seconds — DFG's
// ADMM sorts d blocks of d − 1 rows per pass — calls beat() between its pieces of work; on the
// thread that made the call (a team's helpers are skipped: a caller's callback runs on its own
// thread) it reports the current iteration and objective again at most every `interval`, so a
// caller's progress is never silent for long. Nothing is reported before the solver has told it
// an objective (at()): a beat never shows a number that was not computed. Counters do not move on
// a beat, and cancellation stays at the iteration boundaries, where the solver asks as before.
#pragma once

#include <chrono>
#include <thread>

#include "supclust/base/types.hpp"

namespace supclust {

class Heartbeat {
 public:
  explicit Heartbeat(const Control& control, std::chrono::milliseconds interval = std::chrono::milliseconds(250))
      : control_(control), interval_(interval), owner_(std::this_thread::get_id()), last_(Clock::now()) {}

  // The iteration and objective a beat reports (the caller's last).
  void at(int iteration, double objective) {
    iteration_ = iteration;
    objective_ = objective;
    known_ = true;
    last_ = Clock::now();
  }
  void beat() {
    if (!known_ || !control_.progress || std::this_thread::get_id() != owner_) return;
    const Clock::time_point now = Clock::now();
    if (now - last_ < interval_) return;
    last_ = now;
    control_.keepGoing(iteration_, objective_);
  }

 private:
  using Clock = std::chrono::steady_clock;
  const Control& control_;
  const std::chrono::milliseconds interval_;
  const std::thread::id owner_;
  Clock::time_point last_;
  int iteration_ = 0;
  double objective_ = 0;
  bool known_ = false;
};

}  // namespace supclust
