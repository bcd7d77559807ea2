package dev.infergate.client;

import java.util.Arrays;

/** A growable array of primitive ints: one object per request for its gaps, none per event. */
final class IntArray {

    private int[] values;
    private int size;

    IntArray(int initialCapacity) {
        values = new int[Math.max(1, initialCapacity)];
    }

    void add(int value) {
        if (size == values.length) {
            values = Arrays.copyOf(values, size * 2);
        }
        values[size++] = value;
    }

    int size() {
        return size;
    }

    int[] toArray() {
        return Arrays.copyOf(values, size);
    }
}
