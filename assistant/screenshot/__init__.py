"""Screenshot files: `assistant solve IMAGE` and `assistant eval DIR`.

  solve     load -> locate and read -> solve (-> annotate), the chain the live commands share
  evaluate  the readers run on labelled screenshots, every miss counted
"""
