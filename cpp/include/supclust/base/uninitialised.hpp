// An allocator whose resize leaves new elements default-initialised (doubles and integers
// uninitialised) rather than zeroed: for buffers that are written in full right after they are
// sized (a 20 MB transpose zeroed first costs a pass over memory for nothing).
#pragma once

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

template <class T>
using UninitialisedVector = std::vector<T, UninitialisedAllocator<T>>;

}  // namespace supclust
