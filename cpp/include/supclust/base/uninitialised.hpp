// An allocator whose resize leaves new elements default-initialised (doubles and integers
// uninitialised) rather than zeroed: for buffers that are written in full right after they are
// sized (a 20 MB transpose zeroed first costs a pass over memory for nothing).
#pragma once

#include <cstdint>
#include <memory>
#include <new>
#include <utility>
#include <vector>

namespace supclust {

template <class T>
struct UninitialisedAllocator : std::allocator<T> {
  using value_type = T;
  template <class U>
  struct rebind {
    using other = UninitialisedAllocator<U>;
  };
  UninitialisedAllocator() = default;
  template <class U>
  UninitialisedAllocator(const UninitialisedAllocator<U>&) noexcept {}
  template <class U, class... Args>
  void construct(U* p, Args&&... args) {
    if constexpr (sizeof...(Args) == 0) ::new (static_cast<void*>(p)) U;
    else ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }
};

// A std::vector on that allocator, freed out of line (base/uninitialised.cpp, compiled for
// speed, for doubles and 32-bit integers): an inline ~vector instantiated in code built for size
// (-Os, wasm) visits every element on the way out (3 ms for 700 000), and the linker may keep
// that copy for every caller.
template <class T>
class UninitialisedVector : public std::vector<T, UninitialisedAllocator<T>> {
 public:
  using std::vector<T, UninitialisedAllocator<T>>::vector;
  UninitialisedVector() = default;
  UninitialisedVector(const UninitialisedVector&) = default;
  UninitialisedVector(UninitialisedVector&&) noexcept = default;
  UninitialisedVector& operator=(const UninitialisedVector&) = default;
  UninitialisedVector& operator=(UninitialisedVector&&) noexcept = default;
  ~UninitialisedVector();
};
extern template class UninitialisedVector<double>;
extern template class UninitialisedVector<std::int32_t>;

}  // namespace supclust
